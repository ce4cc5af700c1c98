export class Cart {
	private readonly items: string[] = [];

	add(item: string) {
		this.items.push(item);
	}
}
