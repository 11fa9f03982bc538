// The cost of the path types over a wide, recursive page type (a GraphQL schema's own types,
// not a query's selection: every field of User, Repository and Organization, which refer to
// each other). tests/types/check.mjs compiles this file alone and bounds the compiler's type
// instantiations: checked paths are enumerated (to PathDepth segments), so a wide type must
// stay affordable, with and without a root.
import { paginate, InfiniteList } from "pagecursor";

/** 40 scalar fields and three connections, as a schema's User has. */
interface User {
  field0: number | null;
  field1: string;
  field2: string;
  field3: number | null;
  field4: string;
  field5: string;
  field6: number | null;
  field7: string;
  field8: string;
  field9: number | null;
  field10: string;
  field11: string;
  field12: number | null;
  field13: string;
  field14: string;
  field15: number | null;
  field16: string;
  field17: string;
  field18: number | null;
  field19: string;
  field20: string;
  field21: number | null;
  field22: string;
  field23: string;
  field24: number | null;
  field25: string;
  field26: string;
  field27: number | null;
  field28: string;
  field29: string;
  field30: number | null;
  field31: string;
  field32: string;
  field33: number | null;
  field34: string;
  field35: string;
  field36: number | null;
  field37: string;
  field38: string;
  field39: number | null;
  repositories: RepositoryConnection;
  organization: Organization | null;
  followers: UserConnection;
}
/** 30 scalar fields, its members and its owner. */
interface Organization {
  field0: number | null;
  field1: string;
  field2: string;
  field3: number | null;
  field4: string;
  field5: string;
  field6: number | null;
  field7: string;
  field8: string;
  field9: number | null;
  field10: string;
  field11: string;
  field12: number | null;
  field13: string;
  field14: string;
  field15: number | null;
  field16: string;
  field17: string;
  field18: number | null;
  field19: string;
  field20: string;
  field21: number | null;
  field22: string;
  field23: string;
  field24: number | null;
  field25: string;
  field26: string;
  field27: number | null;
  field28: string;
  field29: string;
  members: UserConnection;
  owner: User;
}
/** 50 scalar fields; owner, forks, parent and organization refer back. */
interface Repository {
  field0: number | null;
  field1: string;
  field2: string;
  field3: number | null;
  field4: string;
  field5: string;
  field6: number | null;
  field7: string;
  field8: string;
  field9: number | null;
  field10: string;
  field11: string;
  field12: number | null;
  field13: string;
  field14: string;
  field15: number | null;
  field16: string;
  field17: string;
  field18: number | null;
  field19: string;
  field20: string;
  field21: number | null;
  field22: string;
  field23: string;
  field24: number | null;
  field25: string;
  field26: string;
  field27: number | null;
  field28: string;
  field29: string;
  field30: number | null;
  field31: string;
  field32: string;
  field33: number | null;
  field34: string;
  field35: string;
  field36: number | null;
  field37: string;
  field38: string;
  field39: number | null;
  field40: string;
  field41: string;
  field42: number | null;
  field43: string;
  field44: string;
  field45: number | null;
  field46: string;
  field47: string;
  field48: number | null;
  field49: string;
  owner: User;
  forks: RepositoryConnection;
  parent: Repository | null;
  organization: Organization;
}
interface RepositoryConnection {
  edges: { cursor: string; node: Repository }[];
  nodes: Repository[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}
interface UserConnection {
  edges: { cursor: string; node: User }[];
  nodes: User[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}
interface ViewerPage {
  data: { viewer: User };
}
declare function query(after: string | undefined): Promise<ViewerPage>;

export const byRoot = paginate<ViewerPage, Repository>((after) => query(after), { preset: "relay", root: "data.viewer.repositories" });
export const byFunction = paginate<ViewerPage, Repository>((after) => query(after), {
  preset: "relay",
  root: "data.viewer.repositories",
  items: (connection) => connection.nodes,
});
export const byPaths = paginate<ViewerPage, Repository, string>((after) => query(after), {
  items: "data.viewer.repositories.nodes",
  next: "data.viewer.repositories.pageInfo.endCursor",
  more: "data.viewer.repositories.pageInfo.hasNextPage",
});
export const list = new InfiniteList<ViewerPage, User>((after) => query(after), { preset: "relay", root: "data.viewer.followers", chunkItems: 20 });
// @ts-expect-error: a typo is still found in a wide type
paginate<ViewerPage, Repository>((after) => query(after), { preset: "relay", root: "data.viewer.repositorys" });
