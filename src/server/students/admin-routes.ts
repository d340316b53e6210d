import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../shared/zod.js';
import { errorBody } from '../../shared/api/common.js';
import {
  createStudentResponse,
  exportQuery,
  importBody,
  importPreview,
  importResult,
  studentForm,
  studentIdParams,
  studentResponse,
  studentsPage,
  studentsQuery,
  studentUpdate,
  toggleStatusBody,
} from '../../shared/api/students.js';
import { deleteStudent } from './service.js';
import { removeRecordingBytes } from '../recordings/service.js';
import type { AreaDeps } from '../deps.js';
import { requireAuth } from '../auth/access.js';
import { EXPORT_STREAM_OPTIONS } from '../lib/export-slots.js';
import { notFound } from '../lib/http-errors.js';
import { listStudents, studentExportPages, studentListCaches } from './admin-list.js';
import { createStudentAccount, studentNotFoundMessage, toggleStudentStatus, updateStudentAccount } from './admin-service.js';
import { studentsCsvPieces, exportFileName } from './csv-export.js';
import { analyseImport, commitImport, parseImportCsv, toPreview } from './csv-import.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const itemErrors = { ...errors, 404: errorBody };

/** The admin's student management endpoints (spec section 7: /api/admin/students...). Admins only. */
export async function adminStudentRoutes(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const db = deps.database.db;
  const listCaches = studentListCaches(deps.readCaches);
  const region = deps.config.DEFAULT_PHONE_REGION;
  const studentBody = studentForm(region);
  const updateBody = studentUpdate(region);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/admin/students', {
    config: { access: 'admin' },
    schema: { querystring: studentsQuery, response: { 200: studentsPage, ...errors } },
    handler: (request) => listStudents(db, listCaches, request.query, deps.config.SCHOOL_TIMEZONE),
  });

  api.post('/api/admin/students', {
    config: { access: 'admin' },
    schema: { body: studentBody, response: { 201: createStudentResponse, ...errors, 409: errorBody } },
    handler: async (request, reply) => reply.status(201).send(await createStudentAccount(db, request.body)),
  });

  api.put('/api/admin/students/:id', {
    config: { access: 'admin' },
    schema: { params: studentIdParams, body: updateBody, response: { 200: studentResponse, ...itemErrors, 409: errorBody } },
    handler: async (request) => {
      const { editedFrom, ...values } = request.body;
      const student = await updateStudentAccount(db, request.params.id, values, editedFrom);
      if (!student) throw notFound(studentNotFoundMessage(request.params.id));
      return { student };
    },
  });

  api.delete('/api/admin/students/:id', {
    config: { access: 'admin' },
    schema: { params: studentIdParams, response: { 204: z.null(), ...itemErrors } },
    handler: async (request, reply) => {
      // The recordings' rows go with the student (cascade); their bytes are removed after, so that none is left on disk.
      const kept = await deleteStudent(db, request.params.id);
      if (!kept) throw notFound(studentNotFoundMessage(request.params.id));
      const failed = await removeRecordingBytes(deps.recordingStores, kept);
      if (failed.length > 0) request.log.warn({ recordings: failed }, "a deleted student's recordings could not all be removed from their store");
      return reply.status(204).send(null);
    },
  });

  api.patch('/api/admin/students/:id/toggle-status', {
    config: { access: 'admin' },
    // No body (the spec's call) flips the status; `from` sets the other one (toggleStatusBody).
    schema: { params: studentIdParams, body: toggleStatusBody.nullish(), response: { 200: studentResponse, ...itemErrors } },
    handler: async (request) => {
      const student = await toggleStudentStatus(db, request.params.id, request.body?.from);
      if (!student) throw notFound(studentNotFoundMessage(request.params.id));
      return { student };
    },
  });

  /**
   * The list as a spreadsheet file, with the list's search applied and no paging: streamed as its pages
   * are read (no 200 schema: a stream). One export per teacher and a few per process at once
   * (lib/export-slots.ts), shared with the attempts exports; the slot is freed when the answer ends,
   * fails or its client goes.
   */
  api.get('/api/admin/students/export.csv', {
    config: { access: 'admin' },
    schema: { querystring: exportQuery },
    handler: async (request, reply) => {
      deps.exportSlots.hold(requireAuth(request).user.id, reply.raw);
      const pages = studentExportPages(db, request.query.search);
      // The first page is read before the answer starts, so a database that cannot serve is still a 503 with its sentence.
      const first = await pages.next();
      const rest = async function* () {
        if (!first.done) yield first.value;
        yield* pages;
      };
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(deps.now(), deps.config.SCHOOL_TIMEZONE)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(studentsCsvPieces(rest(), deps.config.SCHOOL_TIMEZONE), EXPORT_STREAM_OPTIONS));
    },
  });

  /** Every row of an import file with its problems. Writes nothing. */
  api.post('/api/admin/students/import/preview', {
    config: { access: 'admin' },
    schema: { body: importBody, response: { 200: importPreview, ...errors } },
    handler: async (request) => {
      const { rows, ignoredColumns } = parseImportCsv(request.body.csv);
      return toPreview(await analyseImport(db, rows, region), ignoredColumns);
    },
  });

  /** Checks the file again and writes its valid rows in one transaction; generated passwords are returned once. */
  api.post('/api/admin/students/import/commit', {
    config: { access: 'admin' },
    schema: { body: importBody, response: { 201: importResult, ...errors, 409: errorBody } },
    handler: async (request, reply) => {
      const { rows } = parseImportCsv(request.body.csv);
      return reply.status(201).send(await commitImport(db, await analyseImport(db, rows, region)));
    },
  });
}
