'use strict';

const rows = new Map();

module.exports = {
	find: async (id) => rows.get(id),
	insert: async (book) => {
		rows.set(book.id, book);
		return book;
	},
	delete: async (id) => rows.delete(id),
	shelf: async (id) => [...rows.values()].filter((b) => b.shelf === id),
	reorder: async (id, order) => order.map((bookId) => rows.get(bookId)),
};
