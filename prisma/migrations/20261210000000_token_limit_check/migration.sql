-- A token's own limit is both columns or neither, as an account's budget is. The check let one of
-- them through alone (an OR of comparisons with a null in it is null, which a CHECK lets pass),
-- which only a direct write could store and which the service then read two ways (the list said
-- the default, authentication mixed its own rate with the default burst). Such a token gets the
-- service's default for both, as a token without a limit of its own has.
UPDATE "api_tokens" SET "rate_limit_per_second" = NULL, "rate_limit_burst" = NULL
WHERE ("rate_limit_per_second" IS NULL) <> ("rate_limit_burst" IS NULL);

ALTER TABLE "api_tokens"
  DROP CONSTRAINT "api_tokens_rate_limit_check",
  ADD CONSTRAINT "api_tokens_rate_limit_check" CHECK (
    ("rate_limit_per_second" IS NULL) = ("rate_limit_burst" IS NULL)
    AND (
      "rate_limit_per_second" IS NULL
      OR ("rate_limit_per_second" = 0 AND "rate_limit_burst" = 0)
      OR ("rate_limit_per_second" > 0 AND "rate_limit_burst" > 0)
    )
  );
