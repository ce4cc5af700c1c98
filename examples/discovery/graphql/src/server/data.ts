export const books = [{ id: '1', title: 'Dune', authorId: 'a1' }];
export const authors = [{ id: 'a1', name: 'Frank Herbert' }];
