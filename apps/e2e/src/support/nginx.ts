import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

/** Debian's nginx (`apt-get install -y nginx`; .ci/run installs it). */
export function nginxBinary(): string {
  const candidates = [
    process.env.NGINX_PATH,
    "/usr/sbin/nginx",
    ...(process.env.PATH ?? "").split(delimiter).map((dir) => join(dir, "nginx")),
  ];
  for (const file of candidates) {
    if (!file) continue;
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  throw new Error(
    "nginx is not installed: this test runs the app behind a real nginx. Install Debian's " +
      "(`apt-get install -y nginx`, as .ci/run does) or set NGINX_PATH.",
  );
}

export interface Nginx {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** The configuration it runs with (the README's snippet, on a plain HTTP port). */
  config: string;
  close: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * nginx as this user, in the foreground, with its configuration, pid, logs and temporary files in a
 * temp dir of its own, on a free port: `location <path>/` forwards the path as it is to the app
 * (no rewrite), with the headers the README's snippet sets; `location /` forwards every other path
 * too, so what answers outside the path is the app itself.
 */
export async function startNginx(opts: { upstreamPort: number; path: string }): Promise<Nginx> {
  const binary = nginxBinary();
  const dir = mkdtempSync(join(tmpdir(), "club-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, sub));
  const port = await freePort();
  const upstream = `http://127.0.0.1:${opts.upstreamPort}`;
  const proxied = `proxy_pass ${upstream};
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;`;
  const config = `# As root, the workers would switch to "nobody", which cannot read this temp dir.
${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    client_max_body_size 51m;
    server {
        listen 127.0.0.1:${port};
        location ${opts.path}/ {
            ${proxied}
        }
        # The live stream: no buffering, no cache, a connection kept open for an evening.
        location = ${opts.path}/trpc/night.events {
            ${proxied}
            proxy_set_header Connection "";
            proxy_buffering off;
            proxy_cache off;
            proxy_read_timeout 1h;
        }
        location / {
            ${proxied}
        }
    }
}
`;
  const file = join(dir, "nginx.conf");
  writeFileSync(file, config);
  const child: ChildProcess = spawn(binary, ["-p", dir, "-c", file, "-e", join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const origin = `http://127.0.0.1:${port}`;
  // Up once it answers (the app behind it answers /healthz under the path).
  const up = async (): Promise<void> => {
    for (;;) {
      const code = await Promise.race([exited, Promise.resolve(undefined)]);
      if (code !== undefined) {
        const log = (() => {
          try {
            return readFileSync(join(dir, "error.log"), "utf8");
          } catch {
            return "";
          }
        })();
        throw new Error(`nginx exited (${String(code)}): ${stderr}${log}`);
      }
      const answered = await fetch(`${origin}${opts.path}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await up();
  return {
    origin,
    config,
    close: async () => {
      if (child.exitCode === null) {
        child.kill("SIGQUIT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
