// A plain object that happens to have a `Query` member: not handed to any GraphQL server.
export const menu = {
  Query: {
    open: () => 'open',
    close: () => 'close',
  },
};
