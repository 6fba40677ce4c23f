/**
 * Part of `npm run build`: the migrated embedded database the first start restores instead of running
 * initdb and every migration (ADR 054), in dist/database-template/, named by the migrations' hash.
 */
import {
  buildTemplateFolder,
  databaseTemplateFile,
  writeDatabaseTemplate,
} from '~/db/database-template.server'

const started = performance.now()
await writeDatabaseTemplate(buildTemplateFolder())
console.info(
  `Database template ${databaseTemplateFile(buildTemplateFolder())} made in ${Math.round(performance.now() - started)} ms`,
)
