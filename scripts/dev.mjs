// npm run dev: the API server with reload (tsx watch) on API_PORT, and Vite with hot reload on PORT,
// which forwards /api to it. Stops both on Ctrl+C.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, NODE_ENV: 'development', API_PORT: apiPort };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env: { ...env, PORT: apiPort, HOST: '127.0.0.1' } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
