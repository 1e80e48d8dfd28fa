// Property-based fuzzing of the REST API, half 2 of its operations (the halves run side by side):
// generated bodies (valid shapes with mutated fields, and hostile ones), path and query
// parameters, Idempotency-Key, Content-Type, Authorization, Countpoint-Consistency and Accept
// headers. Every answer is documented for its operation, never 5xx; a 4xx is problem+json with a
// catalogue code of that status; a refused request or a read wrote nothing. See
// test/helpers/fuzz-rest.ts for the cases and the properties.
import { fuzzRestSuite } from "../../helpers/fuzz-rest-suite.js";

fuzzRestSuite(1);
