import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineEndpoints } from '../../contract/shared/endpoint';
import { endpointPlugin, sendJson } from './endpoints';

const endpoints = defineEndpoints(
  { built: { method: 'GET', path: '/v1/things' }, answered: { method: 'GET', path: '/v1/things/one' } },
  {
    built: { summary: 'JSON the database built', access: 'public', response: z.object({ data: z.array(z.number()) }) },
    answered: { summary: 'an answer', access: 'public', response: z.object({ n: z.number() }) },
  },
);

it('a handler that sends its own answer sends it once, and the app warns of nothing', async () => {
  const logged: string[] = [];
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(
    endpointPlugin(
      endpoints,
      { policy: { read: 'signedIn', write: 'signedIn', readAll: [], changeAll: [] }, notFoundMessage: '没有' },
      {
        built: async ({ reply }) => sendJson(reply, '{"data":[1,2]}'),
        answered: async () => ({ n: 3 }),
      },
    ),
  );
  const built = await app.inject({ method: 'GET', url: '/v1/things' });
  expect([built.statusCode, built.body]).toEqual([200, '{"data":[1,2]}']);
  const answered = await app.inject({ method: 'GET', url: '/v1/things/one' });
  expect([answered.statusCode, answered.json()]).toEqual([200, { n: 3 }]);
  expect(logged).toEqual([]);
  await app.close();
});
