import i18next from 'i18next';

const logger = {
  info: (event: string, data?: unknown) => console.log(event, data),
  warn: (event: string, data?: unknown) => console.warn(event, data),
};

const config = new Map<string, string>([['db.host', 'localhost']]);
const t = (key: string) => i18next.t(key);

export function createUser(name: string) {
  logger.info('user.created', { name });
  logger.info('user.welcome_sent', { name });
  return { name, greeting: t('welcome.title'), host: config.get('db.host') };
}

export function deleteUser(name: string) {
  logger.warn('user.deleted', { name });
  return t('user.deleted');
}

export function mount(el: HTMLElement, onSave: () => void) {
  el.addEventListener('click', onSave);
  el.addEventListener('keydown', onSave);
  localStorage.setItem('user.created', 'yes');
  return localStorage.getItem('user.deleted');
}
