// Kept for existing imports: the account fixtures live in tests/isolation/fixtures.ts.
export * from '#tests/isolation/fixtures.ts';
