import { request } from '@citable/shared/data';

export interface ContactMessageInput {
  name: string;
  email: string;
  message: string;
}

/**
 * Stores a contact message through the `submit_contact_message` RPC. Throws a DataError: `invalid`
 * with the field in `hint` ('name', 'email', 'message'), `rate_limited` when this address sent too
 * many messages, `network`…
 */
export async function submitContactMessage(input: ContactMessageInput): Promise<void> {
  await request((supabase) =>
    supabase.rpc('submit_contact_message', {
      p_name: input.name.trim(),
      p_email: input.email.trim(),
      p_message: input.message.trim(),
    }),
  );
}
