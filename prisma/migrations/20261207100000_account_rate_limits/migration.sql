-- An account's own rate budget, which all its tokens draw from together (NULL: the service's
-- default, ACCOUNT_RATE_LIMIT_*; 0/0: none), as a token's own limit is stored. Both columns are
-- null or neither: an OR of comparisons with a null in it is null, which a CHECK lets through.
ALTER TABLE "accounts"
  ADD COLUMN "rate_limit_per_second" DOUBLE PRECISION,
  ADD COLUMN "rate_limit_burst" INTEGER,
  ADD CONSTRAINT "accounts_rate_limit_check" CHECK (
    ("rate_limit_per_second" IS NULL) = ("rate_limit_burst" IS NULL)
    AND (
      "rate_limit_per_second" IS NULL
      OR ("rate_limit_per_second" = 0 AND "rate_limit_burst" = 0)
      OR ("rate_limit_per_second" > 0 AND "rate_limit_burst" > 0)
    )
  );
