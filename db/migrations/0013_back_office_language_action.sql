-- A member's choice of the back office's language was audited as language_changed, the action of a
-- booking's language change. It has its own action now; its earlier rows move to it. They have no
-- order and say what they set.
UPDATE "audit_events" SET "action" = 'back_office_language_changed'
WHERE "action" = 'language_changed' AND "order_id" IS NULL AND "detail" LIKE 'Set the back office''s language to %';
