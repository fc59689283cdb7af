CREATE TABLE "auth_sso_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sso_replays" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sso_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"redirect_to" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"sso_url" text,
	"certificates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata_xml" text,
	"client_id" text,
	"client_secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sso_provisioning" text DEFAULT 'join_request' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sso_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sso_identities" ADD CONSTRAINT "auth_sso_identities_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sso_identities" ADD CONSTRAINT "auth_sso_identities_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sso_states" ADD CONSTRAINT "auth_sso_states_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sso_identities_subject_idx" ON "auth_sso_identities" USING btree ("provider_id","subject");--> statement-breakpoint
CREATE INDEX "auth_sso_identities_user_idx" ON "auth_sso_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sso_replays_expires_idx" ON "auth_sso_replays" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "auth_sso_states_expires_idx" ON "auth_sso_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_approved_idx" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_org_domain_idx" ON "sso_domains" USING btree ("organization_id","domain");--> statement-breakpoint
CREATE INDEX "sso_domains_provider_idx" ON "sso_domains" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "sso_providers_org_idx" ON "sso_providers" USING btree ("organization_id");