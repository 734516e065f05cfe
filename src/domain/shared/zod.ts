import { z } from 'zod';
import { readableValidationMessage } from './validation-messages.js';

/*
 * zod as our rules use it: a rule without a message of its own refuses in readableValidationMessage's
 * words, on the server and in the browser alike. The setting is zod's own (one per process or page),
 * made when the first rule is loaded; every schema imports z from here, so none is made without it.
 */
z.config({ customError: readableValidationMessage });

export { z };
