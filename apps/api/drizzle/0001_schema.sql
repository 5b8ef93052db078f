CREATE TABLE "artwork_categories" (
	"artwork_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "artwork_categories_artwork_id_category_id_pk" PRIMARY KEY("artwork_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "artwork_concepts" (
	"artwork_id" integer NOT NULL,
	"concept_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "artwork_concepts_artwork_id_concept_id_pk" PRIMARY KEY("artwork_id","concept_id")
);
--> statement-breakpoint
CREATE TABLE "artwork_fields" (
	"artwork_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "artwork_fields_artwork_id_field_id_pk" PRIMARY KEY("artwork_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "artwork_tags" (
	"artwork_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "artwork_tags_artwork_id_tag_id_pk" PRIMARY KEY("artwork_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "artwork_views" (
	"artwork_id" integer NOT NULL,
	"viewer" varchar(64) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "artwork_views_artwork_id_viewer_day_pk" PRIMARY KEY("artwork_id","viewer","day")
);
--> statement-breakpoint
CREATE TABLE "artworks" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"color_id" integer,
	"background_color" varchar(7) DEFAULT '#FFFFFF' NOT NULL,
	"attribution" boolean DEFAULT true NOT NULL,
	"non_commercial" boolean DEFAULT false NOT NULL,
	"no_derivative_works" boolean DEFAULT false NOT NULL,
	"share_alike" boolean DEFAULT false NOT NULL,
	"licence_chosen" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"draft" boolean DEFAULT true NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"raw_cover" text DEFAULT '' NOT NULL,
	"cropped_cover" text DEFAULT '' NOT NULL,
	"height" integer,
	"width" integer,
	"level" smallint,
	"hit" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artworks_level_range" CHECK ("artworks"."level" is null or "artworks"."level" between 1 and 5),
	CONSTRAINT "artworks_background_hex" CHECK ("artworks"."background_color" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"artwork_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_user_artwork_uq" UNIQUE("user_id","artwork_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "invite_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" varchar(250) DEFAULT '' NOT NULL,
	CONSTRAINT "invite_answers_uq" UNIQUE("application_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "invite_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"invite_id" integer NOT NULL,
	"artwork_id" integer NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_applications_uq" UNIQUE("invite_id","artwork_id")
);
--> statement-breakpoint
CREATE TABLE "invite_columns" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"width" smallint DEFAULT 6 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invite_columns_width_choice" CHECK ("invite_columns"."width" in (6, 12))
);
--> statement-breakpoint
CREATE TABLE "invite_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"invite_id" integer NOT NULL,
	"background_color" varchar(7) DEFAULT '#FFFFFF' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"invite_id" integer NOT NULL,
	"question" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"invite_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_subscriptions_uq" UNIQUE("invite_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"subtitle" varchar(200) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"background" text DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'review' NOT NULL,
	"closed" timestamp with time zone,
	"selected" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_status_choice" CHECK ("invites"."status" in ('review', 'ongoing', 'examination', 'selection'))
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" varchar(500) DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"alt" varchar(200) DEFAULT '' NOT NULL,
	"level" smallint,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_level_range" CHECK ("banners"."level" is null or "banners"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"url" varchar(500) DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"benefit" text DEFAULT '' NOT NULL,
	"level" smallint,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_level_range" CHECK ("clients"."level" is null or "clients"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "media" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"content_type" varchar(50) NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"dominant_color" varchar(7),
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" varchar(500) NOT NULL,
	"user_id" integer,
	"referrer" varchar(500) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(50) NOT NULL,
	"name_ko" varchar(50) NOT NULL,
	"name_en" varchar(50) NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	CONSTRAINT "categories_category_unique" UNIQUE("category")
);
--> statement-breakpoint
CREATE TABLE "colors" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(7) NOT NULL,
	"name_ko" varchar(50) NOT NULL,
	"name_en" varchar(50) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	CONSTRAINT "colors_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "concepts" (
	"id" serial PRIMARY KEY NOT NULL,
	"concept" varchar(50) NOT NULL,
	"name_ko" varchar(50) NOT NULL,
	"name_en" varchar(50) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	CONSTRAINT "concepts_concept_unique" UNIQUE("concept")
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"field" varchar(50) NOT NULL,
	"name_ko" varchar(50) NOT NULL,
	"name_en" varchar(50) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	CONSTRAINT "fields_field_unique" UNIQUE("field")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_categories" (
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_categories_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password" text NOT NULL,
	"username" varchar(150) NOT NULL,
	"slug" varchar(150) NOT NULL,
	"name" varchar(100) NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"gender" varchar(6),
	"is_staff" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"raw_avatar" text DEFAULT '' NOT NULL,
	"cropped_avatar" text DEFAULT '' NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"raw_banner" text DEFAULT '' NOT NULL,
	"cropped_banner" text DEFAULT '' NOT NULL,
	"website" varchar(200) DEFAULT '' NOT NULL,
	"instagram" varchar(200) DEFAULT '' NOT NULL,
	"facebook" varchar(200) DEFAULT '' NOT NULL,
	"twitter" varchar(200) DEFAULT '' NOT NULL,
	"pinterest" varchar(200) DEFAULT '' NOT NULL,
	"tumblr" varchar(200) DEFAULT '' NOT NULL,
	"youtube" varchar(200) DEFAULT '' NOT NULL,
	"vimeo" varchar(200) DEFAULT '' NOT NULL,
	"biography" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"show_contact" boolean DEFAULT false NOT NULL,
	"public_collection" boolean DEFAULT true NOT NULL,
	"fixed_layout" boolean DEFAULT true NOT NULL,
	"language" varchar(2) DEFAULT 'ko' NOT NULL,
	"last_login" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_level_range" CHECK ("users"."level" between 0 and 5),
	CONSTRAINT "users_gender_choice" CHECK ("users"."gender" is null or "users"."gender" in ('Male', 'Female', 'Other')),
	CONSTRAINT "users_language_choice" CHECK ("users"."language" in ('ko', 'en'))
);
--> statement-breakpoint
ALTER TABLE "artwork_categories" ADD CONSTRAINT "artwork_categories_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_categories" ADD CONSTRAINT "artwork_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_concepts" ADD CONSTRAINT "artwork_concepts_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_concepts" ADD CONSTRAINT "artwork_concepts_concept_id_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."concepts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_fields" ADD CONSTRAINT "artwork_fields_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_fields" ADD CONSTRAINT "artwork_fields_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_tags" ADD CONSTRAINT "artwork_tags_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_tags" ADD CONSTRAINT "artwork_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_views" ADD CONSTRAINT "artwork_views_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_answers" ADD CONSTRAINT "invite_answers_application_id_invite_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."invite_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_answers" ADD CONSTRAINT "invite_answers_question_id_invite_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."invite_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_applications" ADD CONSTRAINT "invite_applications_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_applications" ADD CONSTRAINT "invite_applications_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_columns" ADD CONSTRAINT "invite_columns_page_id_invite_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."invite_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_pages" ADD CONSTRAINT "invite_pages_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_questions" ADD CONSTRAINT "invite_questions_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_subscriptions" ADD CONSTRAINT "invite_subscriptions_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_subscriptions" ADD CONSTRAINT "invite_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_categories" ADD CONSTRAINT "user_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_categories" ADD CONSTRAINT "user_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_categories_category_idx" ON "artwork_categories" USING btree ("category_id","artwork_id");--> statement-breakpoint
CREATE INDEX "artwork_concepts_concept_idx" ON "artwork_concepts" USING btree ("concept_id","artwork_id");--> statement-breakpoint
CREATE INDEX "artwork_fields_field_idx" ON "artwork_fields" USING btree ("field_id","artwork_id");--> statement-breakpoint
CREATE INDEX "artwork_tags_tag_idx" ON "artwork_tags" USING btree ("tag_id","artwork_id");--> statement-breakpoint
CREATE INDEX "artworks_author_idx" ON "artworks" USING btree ("author_id","id");--> statement-breakpoint
CREATE INDEX "artworks_visible_recent_idx" ON "artworks" USING btree ("created" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "artworks"."visible";--> statement-breakpoint
CREATE INDEX "artworks_visible_hit_idx" ON "artworks" USING btree ("hit" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "artworks"."visible";--> statement-breakpoint
CREATE INDEX "artworks_visible_level_idx" ON "artworks" USING btree ("level" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "artworks"."visible" and "artworks"."level" is not null;--> statement-breakpoint
CREATE INDEX "artworks_visible_color_idx" ON "artworks" USING btree ("color_id","created" DESC NULLS FIRST) WHERE "artworks"."visible";--> statement-breakpoint
CREATE INDEX "artworks_title_trgm" ON "artworks" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "collections_artwork_idx" ON "collections" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "tags_name_trgm" ON "tags" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invite_applications_artwork_idx" ON "invite_applications" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "invite_columns_page_idx" ON "invite_columns" USING btree ("page_id","order");--> statement-breakpoint
CREATE INDEX "invite_pages_invite_idx" ON "invite_pages" USING btree ("invite_id","order");--> statement-breakpoint
CREATE INDEX "invite_questions_invite_idx" ON "invite_questions" USING btree ("invite_id","order");--> statement-breakpoint
CREATE INDEX "invites_owner_idx" ON "invites" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "page_views_created_idx" ON "page_views" USING btree ("created");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "user_categories_category_idx" ON "user_categories" USING btree ("category_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_slug_uq" ON "users" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "users_premium_idx" ON "users" USING btree ("is_premium","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops);