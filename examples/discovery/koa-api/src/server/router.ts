import Router from 'koa-router';

import { createShare, listShares, revokeShare } from './shares';
import { createDocument, moveDocument } from './documents';

const router = new Router();

router.post('shares.create', async (ctx) => {
  ctx.body = await createShare(ctx.request.body);
});
router.post('shares.list', async (ctx) => {
  ctx.body = await listShares();
});
router.post('shares.revoke', async (ctx) => {
  ctx.body = await revokeShare(ctx.request.body.id);
});
router.post('documents.create', createDocument);
router.post('documents.move', moveDocument);
router.post('documents.export', async (ctx) => {
  ctx.body = { ok: true };
});

export default router;
