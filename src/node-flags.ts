// The flags node runs `countpoint serve` with: `npm start` and the `countpoint` command's first
// line carry them (a test checks both), and the benchmark starts the server with them too.

/**
 * V8 fixes the largest size of the young generation, where every request's short-lived objects
 * start, when the process starts (a flag set later has no effect): by default two semi-spaces of
 * up to 16 MB, which it grows into under load and keeps. At 8 MB the server idled about 15 MiB
 * lower and P5 peaked 15 MiB lower with no throughput lost in `npm run bench`; at 4 MB it saved
 * 55 MiB but GraphQL lost a tenth of its rate.
 */
export const SERVE_NODE_FLAGS = ["--max-semi-space-size=8"] as const;
