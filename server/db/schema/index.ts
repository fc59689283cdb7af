export * from './organizations.ts';
export * from './questions.ts';
export * from './assessments.ts';
export * from './auth.ts';
export * from './cycles.ts';
export * from './operations.ts';
export * from './sso.ts';
