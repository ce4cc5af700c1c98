import type { Context } from 'koa';

export async function createDocument(ctx: Context): Promise<void> {
  ctx.body = { id: 'doc-1' };
}

export async function moveDocument(ctx: Context): Promise<void> {
  ctx.body = { moved: true };
}
