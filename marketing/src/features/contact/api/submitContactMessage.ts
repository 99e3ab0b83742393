import { loadSupabase } from '@citable/shared';

export interface ContactMessageInput {
  name: string;
  email: string;
  message: string;
}

/** Stores a contact message through the `submit_contact_message` RPC. Throws on any backend error. */
export async function submitContactMessage(input: ContactMessageInput): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('submit_contact_message', {
    p_name: input.name.trim(),
    p_email: input.email.trim(),
    p_message: input.message.trim(),
  });
  if (error) throw new Error(error.message || 'submit_contact_message failed');
}
