import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Infrastructure } from '../composition/infrastructure.js';
import { auditRoutes } from './routes/audit/index.js';
import { composeServices, type AppServices, type ServiceInfrastructure } from '../composition/services.js';
import { errorHandler, HttpError } from './errors.js';
import { loggerOptions, REQUEST_ID_HEADER, type LogSettings } from './logging.js';
import { installSecurityHeaders } from './security-headers.js';
import { installJsonBodyParser } from './json-body.js';
import type { TrustProxy } from '../composition/config.js';
import { findUnstorableText, isReadablePath, isStorableText, TEXT_MESSAGES } from '../domain/shared/text.js';
import { blogRoutes } from './routes/blog.js';
import { createBlogSource, type BlogConfig } from '../composition/blog.js';
import { cookieConsentRoutes } from './routes/cookie-consent.js';
import { installAccessControl, type RouteAccess } from './auth/access-hook.js';
import { accountRoutes } from './routes/accounts/index.js';
import { massEmailRoutes } from './routes/mass-email.js';
import { adminAnalyticsRoutes } from './routes/admin-analytics.js';
import { adminCurationRoutes } from './routes/admin-curation.js';
import { devMailboxRoutes } from './routes/dev-mailbox.js';
import { engagementRoutes } from './routes/engagement/index.js';
import { healthRoutes } from './routes/health.js';
import { imageRoutes } from './routes/images.js';
import { discoveryRoutes } from './routes/discovery/index.js';
import { outreachRoutes } from './routes/outreach/index.js';
import { generatorRoutes } from './routes/generator/index.js';
import { supportRoutes } from './routes/support/index.js';
import { integrationRoutes } from './routes/integrations/index.js';
import { resourceRoutes } from './routes/resources.js';
import { searchRoutes } from './routes/search/index.js';
import { assistantRoutes } from './routes/assistants/index.js';
import { crawlerRoutes } from './routes/crawlers.js';
import { socialCardRoutes } from './routes/social-cards.js';
import { DEFAULT_AI_CRAWLER_POLICY, type AiCrawlerPolicy } from '../domain/assistants/crawler-policy.js';
import { templateRoutes } from './routes/templates/index.js';
import { commerceRoutes, PAYMENT_WEBHOOK_PATH } from './routes/commerce/index.js';
import { installPaymentSandboxes } from '../composition/payment-sandboxes.js';
import { installRateLimits } from './rate-limits.js';
import { installPublicAnswerCache } from './read-cache.js';
import { linkOriginFor, type LinkOrigin } from './public-origin.js';
import { installCompressionAndEtags, installWebServing, notFoundForUnreadablePage } from './web-serving.js';
import type { CreatePageRenderer } from '../web/entry-server.js';

/** How long a request waits for the read models to show its own write before answering anyway. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;
/** Node's default limit on a request's whole header (16 KiB): no path parameter can be longer. */
const ROUTER_MAX_PARAM_LENGTH = 16_384;

export type AppDeps = Pick<
  Infrastructure,
  | 'database'
  | 'store'
  | 'chain'
  | 'vault'
  | 'runner'
  | 'adapters'
  | 'accounts'
  | 'engagement'
  | 'outbox'
  | 'mail'
  | 'images'
  | 'google'
  | 'googleClientId'
  | 'secureCookies'
  | 'guestGenerationsPerHour'
  | 'commands'
  | 'search'
  | 'rateLimitCounters'
  | 'commerce'
  | 'exchangeRates'
  | 'writer'
  | 'publicUrl'
  | 'webhooksAllowPrivateTargets'
> &
  Pick<ServiceInfrastructure, 'suggester' | 'remoteImages'> & {
    /** The built web app (vite build output); served with a fallback to index.html for client routes. */
    webRoot?: string;
    /** Renders the public pages on the server (the build's dist/server entry); without it the browser draws every page. */
    createPageRenderer?: CreatePageRenderer;
    blog?: BlogConfig;
    /** The server log; silent unless given (tests). */
    log?: LogSettings;
    /** Reverse proxies whose X-Forwarded-For names the client (`request.ip`); null or absent: the socket address. */
    trustProxy?: TrustProxy | null;
    /** AI_CRAWLERS: whether robots.txt lets AI crawlers read the public pages; allow when absent. */
    aiCrawlers?: AiCrawlerPolicy;
  };

/** A hop count trusts that many proxies nearest to us, whatever their address. */
function fastifyTrustProxy(trust: TrustProxy): string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The field holding text no field may hold, named as validation names fields ('limit', 'links[2].url'); the part itself when it is the text. */
function unstorableTextIn(part: unknown, partName: string): string | null {
  return typeof part === 'string' ? (isStorableText(part) ? null : partName) : findUnstorableText(part);
}

/** 'path' when the request path, decoded, breaks the text rule (the web app's fallback reads it); null otherwise. */
function unstorablePath(url: string): string | null {
  return isReadablePath(url.split('?')[0]!) ? null : 'path';
}

/** The request id on every answer, every 5xx logged, and the text rule applied to every request's parts. */
function installRequestHooks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Every 5xx is logged at error level, whatever the level that request logging runs at.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) request.log.error({ res: reply, responseTime: reply.elapsedTime }, 'server error answer');
  });
  // One rule for every route: no text with NUL or unpaired surrogates gets past the parsers (400),
  // except a body whose route refuses such text item by item (a bulk import marks just the bad rows).
  app.addHook('preValidation', async (request) => {
    const body = request.routeOptions.config.checksBodyTextPerItem === true ? null : request.body;
    const where =
      unstorableTextIn(request.params, 'address') ??
      unstorableTextIn(request.query, 'query') ??
      unstorableTextIn(body, 'body') ??
      unstorablePath(request.url);
    if (where !== null) throw new HttpError(400, `${where}: ${TEXT_MESSAGES.forbiddenCharacters}`);
  });
}

/**
 * What crawlers and assistants read, outside /api behind the same access check: robots.txt, the sitemap,
 * llms.txt, posts as Markdown, posts' social cards and the MCP server. Returns their access list.
 */
async function registerMachineReadableRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  linkOrigin: LinkOrigin,
  services: Pick<AppServices, 'accessTokens' | 'templates'>,
): Promise<RouteAccess[]> {
  let routeAccess: RouteAccess[] = [];
  const db = deps.database.db;
  await app.register(async (machines) => {
    routeAccess = installAccessControl(machines, db, services.accessTokens);
    await machines.register(crawlerRoutes({ db, origin: linkOrigin, aiCrawlers: deps.aiCrawlers ?? DEFAULT_AI_CRAWLER_POLICY }));
    await machines.register(assistantRoutes({ db, vault: deps.vault, search: deps.search, linkOrigin }));
    await machines.register(socialCardRoutes({ socialCardOf: services.templates.socialCardOf }));
  });
  return routeAccess;
}

/** The HTTP application without listening: tests drive it with `inject`. `routeAccess` lists every API route with who may call it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance & { routeAccess: RouteAccess[] }> {
  const app = Fastify({
    ...loggerOptions(deps.log ?? { level: 'silent' }),
    bodyLimit: 1_048_576,
    // Each route's schema bounds its own parameters with a clear answer; the router's default (100 characters)
    // answered a longer one with a raw 414, which the server-rendered pages turned into a 500.
    routerOptions: { maxParamLength: ROUTER_MAX_PARAM_LENGTH },
    ...(deps.trustProxy ? { trustProxy: fastifyTrustProxy(deps.trustProxy) } : {}),
    // Before routing: an address the router cannot decode never reaches a route or the not-found handler.
    rewriteUrl: notFoundForUnreadablePage,
    // An address the router cannot decode is answered like every other error: { error: true, message }.
    frameworkErrors: errorHandler,
  });
  installJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  installRequestHooks(app);
  const securityHeaders = installSecurityHeaders(app, { https: deps.secureCookies });
  // Before compression and ETags: its onSend hook keeps the answer as serialised.
  // Payment returns, page links, robots.txt and the sitemap: on PUBLIC_URL, never on the Host header.
  const linkOrigin = linkOriginFor(deps.publicUrl);
  const pages = installPublicAnswerCache(app, {
    readModels: deps.runner.projections.map((projection) => projection.name),
    marks: () => deps.runner.readModelMarks(),
    lagging: () => deps.runner.rereadMarks(),
  });
  await installCompressionAndEtags(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Tessera API', version: '0.1.0', description: 'Community marketplace of ready-to-use templates' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyCookie);
  await installRateLimits(app, deps.rateLimitCounters);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, parts: 5, fields: 5 } });

  const settle = async (position: bigint | null) => {
    if (position !== null) await deps.runner.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS);
  };
  const services = composeServices(deps, { readYourWritesTimeoutMs: READ_YOUR_WRITES_TIMEOUT_MS });
  let routeAccess: RouteAccess[] = [];

  await app.register(
    async (api) => {
      routeAccess = installAccessControl(api, deps.database.db, services.accessTokens);
      for (const routes of apiRoutes(deps, services, { settle, linkOrigin, warn: (message) => app.log.warn(message) })) {
        await api.register(routes);
      }
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ error: true, message: `No API route ${request.method} ${request.url}` }),
      );
    },
    { prefix: '/api' },
  );

  const machineRouteAccess = await registerMachineReadableRoutes(app, deps, linkOrigin, services);
  await installPaymentSandboxes(app, deps.commerce, linkOrigin, `/api${PAYMENT_WEBHOOK_PATH}`);

  // Only without SMTP: then the outbox holds the mail a local user needs to read (codes, links).
  if (deps.outbox) await app.register(devMailboxRoutes({ outbox: deps.outbox }));

  await installWebServing(app, {
    db: deps.database.db,
    pages,
    linkOrigin,
    securityHeaders,
    platformFeePercent: deps.commerce.platformFeePercent,
    ...(deps.webRoot ? { webRoot: deps.webRoot } : {}),
    ...(deps.createPageRenderer ? { createPageRenderer: deps.createPageRenderer } : {}),
  });
  return Object.assign(app as FastifyInstance, { routeAccess: [...routeAccess, ...machineRouteAccess] });
}

/** Every plugin of the JSON API under /api, each given what its routes need and the use cases composed once. */
function apiRoutes(
  deps: AppDeps,
  services: AppServices,
  {
    settle,
    linkOrigin,
    warn,
  }: { settle: (position: bigint | null) => Promise<void>; linkOrigin: LinkOrigin; warn: (message: string) => void },
): FastifyPluginAsyncZod[] {
  return [
    accountRoutes({ ...deps, db: deps.database.db, settle, signInWithGoogle: services.signInWithGoogle }),
    adminAnalyticsRoutes({ db: deps.database.db }),
    massEmailRoutes({ db: deps.database.db, massEmail: services.massEmail, settle }),
    adminCurationRoutes({ curation: services.templates.curation, settle }),
    imageRoutes({ images: deps.images }),
    healthRoutes({
      runner: deps.runner,
      adapters: deps.adapters,
      db: deps.database.db,
      store: deps.store,
      embedded: deps.database.kind === 'pglite',
    }),
    resourceRoutes({ db: deps.database.db, vault: deps.vault }),
    auditRoutes({ db: deps.database.db, audit: services.audit }),
    engagementRoutes({ db: deps.database.db, vault: deps.vault, engagement: deps.engagement, settle }),
    templateRoutes({
      db: deps.database.db,
      vault: deps.vault,
      images: deps.images,
      mail: deps.mail,
      templates: services.templates,
      settle,
      log: warn,
    }),
    searchRoutes({ db: deps.database.db, vault: deps.vault, search: deps.search, searchRecording: services.searchRecording, settle }),
    discoveryRoutes({ db: deps.database.db, vault: deps.vault }),
    blogRoutes({ blog: createBlogSource(deps.blog) }),
    cookieConsentRoutes({ secureCookies: deps.secureCookies }),
    outreachRoutes({ db: deps.database.db, vault: deps.vault, outreach: services.outreach }),
    integrationRoutes({ accessTokens: services.accessTokens, webhooks: services.webhooks, settle }),
    commerceRoutes({ ...deps, db: deps.database.db, statements: services.statements, linkOrigin }),
    generatorRoutes({
      db: deps.database.db,
      vault: deps.vault,
      generation: services.generation,
      secureCookies: deps.secureCookies,
      guestGenerationsPerHour: deps.guestGenerationsPerHour,
      settle,
    }),
    supportRoutes({ db: deps.database.db, vault: deps.vault, support: services.support, secureCookies: deps.secureCookies, settle }),
  ];
}
