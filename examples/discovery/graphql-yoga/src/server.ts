import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';
import { postResolvers } from './posts';

const typeDefs = /* GraphQL */ `
  type Post { id: ID!, title: String! }
  type Query { post(id: ID!): Post, posts: [Post], health: String }
  type Mutation { publishPost(title: String!): Post }
`;

const schema = createSchema({
  typeDefs,
  resolvers: {
    ...postResolvers,
    Query: { ...postResolvers.Query, health: () => 'ok' },
  },
});

createServer(createYoga({ schema })).listen(4000);
