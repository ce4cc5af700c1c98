/** A collection of documents keyed by `_id`. */
export class BaseModel<T extends { _id: string }> {
	protected readonly docs = new Map<string, T>();

	constructor(readonly collectionName: string) {}

	async findOneById(id: string): Promise<T | undefined> {
		return this.docs.get(id);
	}

	async find(predicate: (doc: T) => boolean): Promise<T[]> {
		return [...this.docs.values()].filter(predicate);
	}

	async insertOne(doc: T): Promise<T> {
		this.docs.set(doc._id, doc);
		return doc;
	}

	async updateOne(id: string, changes: Partial<T>): Promise<void> {
		const doc = this.docs.get(id);
		if (doc) this.docs.set(id, { ...doc, ...changes });
	}
}
