/**
 * Part of `npm run build`: the migrated embedded database the first start copies instead of running
 * initdb and every migration (ADR 054, 055), in dist/database-template/, named by the migrations' hash.
 */
import { rmSync } from 'node:fs'
import { buildTemplateFolder, writeDatabaseTemplateDataDir } from '~/db/database-template.server'

const started = performance.now()
// Templates of earlier migrations are never read again.
rmSync(buildTemplateFolder(), { recursive: true, force: true })
const made = await writeDatabaseTemplateDataDir(buildTemplateFolder())
console.info(`Database template ${made} made in ${Math.round(performance.now() - started)} ms`)
