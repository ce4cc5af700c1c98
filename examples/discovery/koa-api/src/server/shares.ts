export interface Share {
  id: string;
  documentId: string;
}

const shares = new Map<string, Share>();

export async function createShare(input: { documentId: string }): Promise<Share> {
  const share = { id: String(shares.size + 1), documentId: input.documentId };
  shares.set(share.id, share);
  return share;
}

export async function listShares(): Promise<Share[]> {
  return [...shares.values()];
}

export async function revokeShare(id: string): Promise<boolean> {
  return shares.delete(id);
}
