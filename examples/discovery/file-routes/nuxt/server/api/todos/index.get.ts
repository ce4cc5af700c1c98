async function listTodos() {
	return [];
}

export default listTodos;
