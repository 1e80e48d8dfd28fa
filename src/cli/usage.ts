/** The usage text `countpoint help` prints. */
export const USAGE = `usage:
  countpoint serve [--workers N]      run the service (what npm start runs); N processes on one
                                      port (default WEB_CONCURRENCY, else 1)
  countpoint worker                   deliver webhooks, prune old events and create partitions
                                      ahead, without the API (for serve with WEBHOOK_WORKER=false
                                      elsewhere)
  countpoint migrate                  apply pending migrations, print a JSON report
  countpoint accounts create --name NAME [--timezone IANA]
  countpoint accounts list            one JSON line per account, with its rate budget
  countpoint accounts update --id ID --rate-limit N/s|off|default [--burst N]
                                      the budget all the account's tokens draw from together
                                      (default: ACCOUNT_RATE_LIMIT_PER_SECOND and
                                      ACCOUNT_RATE_LIMIT_BURST; N/s alone allows bursts of 2N)
  countpoint tokens create --account ID --name NAME
                                      [--scopes read,adjust,count,approve,webhooks,sites,tokens]
                                      [--sites SITE_ID,…]
                                      [--expires-at ISO | --expires-in 90d|12h|30m]
                                      [--rate-limit N/s|off [--burst N]]
                                      every scope by default: an admin token, which may issue
                                      tokens through the API (the tokens scope); --sites limits
                                      it to those sites' stock (read,adjust,count,approve)
  countpoint tokens update --account ID --id TOKEN_ID [--expires-at ISO|never | --expires-in D]
                                      [--rate-limit N/s|off|default [--burst N]]
                                      a token's expiry or own rate limit (default: the service's
                                      RATE_LIMIT_PER_SECOND and RATE_LIMIT_BURST; N/s alone
                                      allows bursts of 2N)
  countpoint tokens list --account ID one JSON line per token (never the token itself), with
                                      its expiry, last use and rate limit
  countpoint tokens revoke --account ID --id TOKEN_ID
  countpoint import skus FILE.csv --account ID [--batch ROWS]
                                      create or update SKUs from a CSV file of any size, in
                                      batches of up to 10,000 rows; progress on stderr, a JSON
                                      summary on stdout
  countpoint classify --account ID [--site ID] [--window-days N] [--share-a PCT] [--share-b PCT]
                     [--dry-run]
                                      give the account's active SKUs count classes A, B and C
                                      at a site (the default site without --site) by how much
                                      they moved there over the window (default 90 days,
                                      80% / 15% / 5%); --dry-run prints what it would do and
                                      writes nothing; prints the classes as JSON
  countpoint cycle-counts intervals --account ID [--a DAYS] [--b DAYS] [--c DAYS]
                                      set the days between counts of each class given (1 to
                                      3650), then print all three as JSON
  countpoint verify [--account ID]    check the ledger (every movement chain, on hand quantity,
                                      adjustment and reconciled stock take) in one snapshot while
                                      writes go on; prints a JSON report; exit 0 when sound, 1 on
                                      any break, 2 when it could not check
  countpoint schema                   print the GraphQL schema
  countpoint openapi                  print the REST API's OpenAPI document (as served at
                                      /api/v1/openapi.json)
  countpoint help | --help | -h       print this help

The database is DATABASE_URL, or the embedded one under COUNTPOINT_DATA_DIR (default .data).`;
