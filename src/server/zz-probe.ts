import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './db/open.ts';
let t = Date.now();
const a = await PGlite.create(); console.log('create', Date.now() - t); t = Date.now();
await openDatabase({ kind: 'pglite-instance', instance: a }); console.log('migrate', Date.now() - t); t = Date.now();
const b = await PGlite.create(); console.log('create2', Date.now() - t); t = Date.now();
const c = await a.clone(); console.log('clone', Date.now() - t); t = Date.now();
const d = await a.clone(); console.log('clone2', Date.now() - t); t = Date.now();
await b.exec('select 1');
try { await c.query('delete from courses where 1=1'); await c.query("insert into courses(course_name) values ('x')"); await c.query("insert into users(username,password_hash) values ('x','y')"); await c.query("insert into students(user_id,student_name,course_id,mobile_number) values (1,'s',1,'1')"); await c.query('delete from courses'); } catch (e) { console.log('code', (e as any).code, (e as Error).message); }
