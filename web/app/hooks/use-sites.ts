// The sites the signed-in token may act at, to choose among: a token limited to sites has those
// (from the viewer); one for every site has the account's active sites (read scope), else only
// its default.
import { useQuery } from "urql";
import { graphql } from "../gql/index.js";
import { useSession } from "../session-context.js";

const ActiveSites = graphql(`
  query ActiveSites {
    sites(active: true, first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`);

export function useSites(): { id: number; name: string }[] {
  const { viewer, can } = useSession();
  const [{ data }] = useQuery({ query: ActiveSites, pause: !!viewer?.sites || !can("read") });
  return (
    viewer?.sites ??
    data?.sites.edges.map((e) => e.node) ??
    (viewer ? [{ id: viewer.site.id, name: viewer.site.name }] : [])
  );
}
