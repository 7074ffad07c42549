-- Where each billed unit came from. Rows written before this column: a covered decision counts as
-- allowance, a priced one as metered, a free uncovered one as absorbed by a stop-plan.
ALTER TABLE "billing_events" ADD COLUMN "paid_from" text;--> statement-breakpoint
UPDATE "billing_events" SET "paid_from" = CASE WHEN "included" = 1 THEN 'allowance' WHEN "amount_cents" > 0 THEN 'metered' ELSE 'absorbed' END;--> statement-breakpoint
ALTER TABLE "billing_events" ALTER COLUMN "paid_from" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "billing_account_top_up_idx" ON "billing_events" USING btree ("account_id","kind") WHERE "billing_events"."paid_from" = 'top_up';--> statement-breakpoint
-- Free and basic plans have no metered spend, so a budget is refused there (docs/billing.md); drop any set before.
UPDATE "accounts" SET "monthly_budget_cents" = NULL WHERE "plan" IN ('free', 'basic');
