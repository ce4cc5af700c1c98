import { books, authors } from './data';

export const resolvers = {
  Query: {
    book: (_: unknown, args: { id: string }) => books.find((b) => b.id === args.id),
    books: () => books,
    author: (_: unknown, args: { id: string }) => authors.find((a) => a.id === args.id),
  },
  Mutation: {
    addBook(_: unknown, args: { title: string; authorId: string }) {
      const book = { id: String(books.length + 1), ...args };
      books.push(book);
      return book;
    },
    removeBook: (_: unknown, args: { id: string }) => {
      const i = books.findIndex((b) => b.id === args.id);
      return i >= 0 ? books.splice(i, 1)[0] : null;
    },
  },
};
