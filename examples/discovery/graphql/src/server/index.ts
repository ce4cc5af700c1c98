import { ApolloServer } from '@apollo/server';
import { adminResolvers } from './admin';
import { resolvers } from './resolvers';

const typeDefs = `#graphql
  type Book { id: ID!, title: String! }
  type Query { book(id: ID!): Book, books: [Book], author(id: ID!): Author }
  type Mutation { addBook(title: String!, authorId: ID!): Book, removeBook(id: ID!): Book, resetLibrary: Boolean }
`;

export const server = new ApolloServer({ typeDefs, resolvers: [resolvers, adminResolvers] });
