ALTER TABLE "auth_mfa_factors" ALTER COLUMN "secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_mfa_challenges" ADD COLUMN "webauthn_challenge" text;--> statement-breakpoint
ALTER TABLE "auth_mfa_challenges" ADD COLUMN "webauthn_type" text;--> statement-breakpoint
ALTER TABLE "auth_mfa_factors" ADD COLUMN "credential_id" text;--> statement-breakpoint
ALTER TABLE "auth_mfa_factors" ADD COLUMN "credential_public_key" text;--> statement-breakpoint
ALTER TABLE "auth_mfa_factors" ADD COLUMN "credential_sign_count" bigint;--> statement-breakpoint
ALTER TABLE "auth_mfa_factors" ADD COLUMN "credential_transports" jsonb;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "mfa_method" text;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_mfa_factors_credential_idx" ON "auth_mfa_factors" USING btree ("credential_id");