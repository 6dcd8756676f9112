-- Units of an order line that came back through a received return (ADR 0027, amended): a
-- cancellation or refund of an order that never shipped gives back only the rest. Returns before
-- this migration were all of delivered orders, which never give stock back that way: 0 is right.
ALTER TABLE "order_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_returned_quantity_valid" CHECK ("order_items"."returned_quantity" >= 0 AND "order_items"."returned_quantity" <= "order_items"."quantity");