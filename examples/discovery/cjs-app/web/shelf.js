define('shelf', ['api'], function (api) {
	return {
		open(id) {
			return api.get(`/books/${id}`);
		},
		add(book) {
			return api.post('/books', book);
		},
		drop(id) {
			return api.del(`/books/${id}`);
		},
		reorder(shelfId, order) {
			return api.put(`/shelves/${shelfId}/order`, { order });
		},
		show(shelfId) {
			return api.get(`/shelves/${shelfId}`);
		},
	};
});
