/** `npm run dev:api` sends /v1 to a local API server instead of the mock (API_URL overrides the target). */
const proxy = {
  api: {
    '/v1/': {
      target: process.env.API_URL || 'http://127.0.0.1:8001',
      changeOrigin: true,
    },
  },
};

export default proxy;
