/** The API's own calls: health for the load balancer and monitoring, the OpenAPI document and its reference page. */
import { z } from 'zod';
import type { AccessPolicy } from './shared/access';
import { defineEndpoints, type Route } from './shared/endpoint';

export const systemRoutes = {
  health: { method: 'GET', path: '/v1/health' },
  live: { method: 'GET', path: '/v1/health/live' },
  docs: { method: 'GET', path: '/v1/docs' },
  docsUi: { method: 'GET', path: '/v1/docs/ui' },
  docsUiAsset: { method: 'GET', path: '/v1/docs/ui/:file' },
  integrationGuide: { method: 'GET', path: '/v1/docs/integration' },
  metrics: { method: 'GET', path: '/metrics' },
} as const satisfies Record<string, Route>;

/**
 * The API reference page at /v1/docs/ui: Swagger UI from the swagger-ui-dist package (its bundle and styles served
 * beside the page, no CDN), configured by a script file of its own — the CSP allows no inline script — to read
 * /v1/docs, the operations grouped by tag.
 */
export const docsUiPage = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>Shipdesk API 参考</title>
<link rel="stylesheet" href="/v1/docs/ui/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/v1/docs/ui/swagger-ui-bundle.js"></script>
<script src="/v1/docs/ui/init.js"></script>
</body>
</html>
`;

export const docsUiInitializer = `window.ui = SwaggerUIBundle({
  url: '/v1/docs',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'none',
  tagsSorter: 'alpha',
  persistAuthorization: true,
  presets: [SwaggerUIBundle.presets.apis],
});
`;

/** The files of the reference page: Swagger UI's bundle and styles, from swagger-ui-dist, and the initializer. */
export const docsUiFiles = ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js'] as const;
export type DocsUiFile = (typeof docsUiFiles)[number];
export const docsUiTypes: Record<DocsUiFile, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'init.js': 'text/javascript; charset=utf-8',
};

export const systemAccess: AccessPolicy = { read: 'signedIn', write: [], readAll: [], changeAll: [] };

export const systemEndpoints = defineEndpoints(systemRoutes, {
  health: {
    summary: '就绪检查（readiness）：数据库可用时 200，否则 503 与 Retry-After；负载均衡据此分发请求',
    access: 'public',
    response: z.object({ status: z.literal('ok'), database: z.string() }),
  },
  live: {
    summary: '存活检查（liveness）：进程在运行即 200，不查数据库；失败才需要重启进程',
    access: 'public',
    response: z.object({ status: z.literal('ok') }),
  },
  docs: {
    summary: 'OpenAPI 3.1 文档（本文档）',
    access: 'public',
    response: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
  },
  docsUi: {
    summary: 'API 参考页（可浏览、可试调用）',
    access: 'public',
    response: z.string().meta({ description: 'HTML 页面', contentMediaType: 'text/html' }),
  },
  docsUiAsset: {
    summary: 'API 参考页的脚本与样式',
    access: 'public',
    params: z.strictObject({ file: z.enum(docsUiFiles) }),
    response: z.string().meta({ description: '脚本或样式', contentMediaType: 'text/javascript, text/css' }),
  },
  integrationGuide: {
    summary: '集成指南（Markdown）：令牌、分页、版本、Webhook 与验签',
    access: 'public',
    response: z.string().meta({ description: 'docs/integration.md', contentMediaType: 'text/markdown' }),
  },
  metrics: {
    summary:
      'Prometheus 指标（运维）：请求、延迟、数据库连接池、定时任务、推送与邮件队列；凭 METRICS_TOKEN（Bearer）读取，未配置时 404',
    access: 'public',
    alsoAnswers: [403, 404],
    response: z.string().meta({ description: 'Prometheus 文本格式 0.0.4', contentMediaType: 'text/plain' }),
  },
});

/** Why GET /metrics is refused: not served at all, or not with this secret. */
export const metricsMessages = {
  off: '未开启运行指标（服务器未配置 METRICS_TOKEN）',
  badToken: '运行指标的令牌不对',
} as const;

/** Where the integration guide is, from the project's folder (the release carries docs/ too). */
export const integrationGuideFile = ['docs', 'integration.md'] as const;
