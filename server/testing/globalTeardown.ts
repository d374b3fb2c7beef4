import { removeTemplate } from './databases';

export default async function globalTeardown() {
  await removeTemplate();
}
