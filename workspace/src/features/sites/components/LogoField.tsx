import '@mantine/dropzone/styles.css';
import { useEffect, useMemo } from 'react';
import { Group, Image, Input, Stack, Text, CloseButton, Paper } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, logoProblem, sniffImageType, type LogoProblem } from '../utils/siteForm';

interface LogoFieldProps {
  /** the logo already saved (edit), shown until a new file is chosen */
  currentUrl?: string;
  file: File | null;
  error?: string | null;
  onChange: (file: File | null) => void;
  onProblem: (problem: LogoProblem) => void;
}

/** Checks a file the browser accepted against its first bytes (a text file named .png is refused). */
async function checkContent(file: File): Promise<LogoProblem | null> {
  const declared = logoProblem(file);
  if (declared) return declared;
  try {
    const bytes = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    return sniffImageType(bytes) ? null : 'format';
  } catch {
    return null; // the storage server checks the content again
  }
}

export function LogoField({ currentUrl, file, error, onChange, onProblem }: LogoFieldProps) {
  const { t } = useTranslation('sites');
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? currentUrl;

  const handleDrop = async (files: File[]) => {
    const [first] = files;
    if (!first) return;
    const problem = await checkContent(first);
    if (problem) onProblem(problem);
    else onChange(first);
  };
  const handleReject = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
    onProblem(codes.includes('file-invalid-type') ? 'format' : codes.includes('file-too-large') ? 'size' : 'format');
  };

  return (
    <Input.Wrapper label={t('form.logo')} withAsterisk={!currentUrl} error={error ?? undefined} id="site-logo">
      <Stack gap="xs" mt={4}>
        <Dropzone
          onDrop={(files) => void handleDrop(files)}
          onReject={handleReject}
          maxSize={LOGO_MAX_BYTES}
          accept={[...LOGO_MIME_TYPES]}
          multiple={false}
          data-testid="logo-dropzone"
          aria-describedby={error ? 'site-logo-error' : undefined}
          radius="md"
          p="md"
        >
          <Group justify="center" gap="md" wrap="nowrap" style={{ pointerEvents: 'none', minHeight: 64 }}>
            <Dropzone.Accept>
              <IconUpload size={32} stroke={1.5} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={32} stroke={1.5} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={32} stroke={1.5} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text size="sm" fw={500}>
                {t('form.logoDrop')}
              </Text>
              <Text size="xs" c="gray.7">
                {t('form.logoRules')}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {shown && (
          <Paper withBorder p="xs" radius="md">
            <Group gap="sm" wrap="nowrap">
              <Image src={shown} alt={t('form.logoPreview')} w={64} h={64} fit="contain" radius="sm" />
              <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {file ? file.name : t('form.logoPreview')}
              </Text>
              {file && <CloseButton aria-label={t('form.logoRemove')} onClick={() => onChange(null)} />}
            </Group>
          </Paper>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
