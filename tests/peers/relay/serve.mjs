// A GraphQL Relay server as its libraries' own examples build one: graphql-relay's
// connectionFromArray over an array of rows behind graphql-http's handler for node's http
// module, on 127.0.0.1:$PORT (tests/peers/start-relay.sh; tests/js/peers-relay.test.mjs).
//
//   query    { feed(first, after, last, before) { edges { cursor node { id number label } } pageInfo { … } } }
//   query    { node(id) { … on Row { number } } }
//   mutation { resetFeed(rows: 300) }   the feed becomes rows 0..299
//
// The cursors are connectionFromArray's own (offsets, "arrayconnection:<n>" in base64), and so
// are its page flags: a first/after page always says hasPreviousPage false, a last/before page
// hasNextPage false — what a client of a real Relay server meets.
import http from "node:http";
import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from "graphql";
import relay from "graphql-relay"; // CommonJS: its named exports through the default
import { createHandler } from "graphql-http/lib/use/http";

const { connectionArgs, connectionDefinitions, connectionFromArray, fromGlobalId, globalIdField, nodeDefinitions } = relay;

const makeRows = (n) => Array.from({ length: n }, (_, number) => ({ number, label: `row ${number}` }));
let rows = makeRows(300);

const { nodeInterface, nodeField } = nodeDefinitions(
  (globalId) => {
    const { type, id } = fromGlobalId(globalId);
    return type === "Row" ? rows[Number(id)] ?? null : null;
  },
  () => "Row",
);

const Row = new GraphQLObjectType({
  name: "Row",
  interfaces: [nodeInterface],
  fields: {
    id: globalIdField("Row", (row) => String(row.number)),
    number: { type: new GraphQLNonNull(GraphQLInt) },
    label: { type: new GraphQLNonNull(GraphQLString) },
  },
});

const { connectionType: RowConnection } = connectionDefinitions({ nodeType: Row });

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: "Query",
    fields: {
      node: nodeField,
      feed: {
        type: new GraphQLNonNull(RowConnection),
        args: connectionArgs,
        resolve: (_, args) => connectionFromArray(rows, args),
      },
    },
  }),
  mutation: new GraphQLObjectType({
    name: "Mutation",
    fields: {
      resetFeed: {
        type: new GraphQLNonNull(GraphQLInt),
        args: { rows: { type: new GraphQLNonNull(GraphQLInt) } },
        resolve: (_, { rows: n }) => {
          if (n < 0 || n > 100000) throw new Error(`resetFeed: rows must be from 0 to 100000, got ${n}`);
          rows = makeRows(n);
          return n;
        },
      },
    },
  }),
});

const handle = createHandler({ schema });
const server = http.createServer((req, res) => {
  if (req.url === "/graphql" || req.url.startsWith("/graphql?")) handle(req, res);
  else res.writeHead(404).end();
});
server.listen(Number(process.env.PORT), "127.0.0.1");
// stop.sh ends it with SIGTERM: close the listener, then leave.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
