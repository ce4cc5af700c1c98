import Router from 'koa-router';

const router = new Router();

router.post('items.create', async (ctx) => {
  ctx.body = { created: true };
});
router.post('items.list', async (ctx) => {
  ctx.body = [];
});
router.post('items.archived', async (ctx) => {
  ctx.body = [];
});
router.post('items.deleted', async (ctx) => {
  ctx.body = [];
});
router.post('users.suspend', async (ctx) => {
  ctx.body = { suspended: ctx.request.body.id };
});
router.post('users.activate', async (ctx) => {
  ctx.body = { active: ctx.request.body.id };
});

export default router;
