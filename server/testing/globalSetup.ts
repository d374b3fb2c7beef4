import { prepareTemplate } from './databases';

export default async function globalSetup() {
  await prepareTemplate();
}
