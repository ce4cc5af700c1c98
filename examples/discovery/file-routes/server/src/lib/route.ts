// Named like a route module, outside any routes folder: a helper, not a route.
export const POST = (path: string) => `route:${path}`;
