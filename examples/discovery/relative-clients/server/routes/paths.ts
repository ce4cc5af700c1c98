/** Route paths shared by the server's route modules. */
export const paths = {
	search: "/items/search",
} as const;
