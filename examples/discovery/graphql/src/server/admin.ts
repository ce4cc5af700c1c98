import { books } from './data';

// Served with the other resolvers; no client in the repository calls these.
export const adminResolvers = {
  Mutation: {
    resetLibrary: () => {
      books.length = 0;
      return true;
    },
  },
  Query: {
    bookCount: () => books.length,
  },
};
