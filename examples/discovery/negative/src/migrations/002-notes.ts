// A schema migration: the builder callback runs at once, nothing dispatches to it.
type Table = { string(name: string): void; dropColumn(name: string): void };
type Knex = { schema: { alterTable(name: string, build: (t: Table) => void): Promise<void> } };

export async function up(knex: Knex) {
  await knex.schema.alterTable('app_users', (table) => {
    table.string('note_2');
  });
  await knex.schema.alterTable('app_roles', (table) => {
    table.string('note_2');
  });
  await knex.schema.alterTable('app_files', (table) => {
    table.string('note_2');
  });
  await knex.schema.alterTable('app_folders', (table) => {
    table.string('note_2');
  });
  await knex.schema.alterTable('app_settings', (table) => {
    table.string('note_2');
  });
  await knex.schema.alterTable('app_presets', (table) => {
    table.string('note_2');
  });
  await knex.schema.alterTable('app_webhooks', (table) => {
    table.string('note_2');
  });
  await knex.schema.alterTable('app_activity', (table) => {
    table.string('note_2');
  });
  await knex.schema.alterTable('app_revisions', (table) => {
    table.string('note_2');
  });
}
