const posts = new Map<string, { id: string; title: string }>();

export const postResolvers = {
  Query: {
    post: (_: unknown, args: { id: string }) => posts.get(args.id) ?? null,
    posts: () => [...posts.values()],
  },
  Mutation: {
    publishPost(_: unknown, args: { title: string }) {
      const post = { id: String(posts.size + 1), title: args.title };
      posts.set(post.id, post);
      return post;
    },
  },
};
