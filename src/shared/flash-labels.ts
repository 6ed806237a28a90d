/** Flash design sizes and statuses with their words: dependency-free, so any page can show a design cheaply. */
export const FLASH_SIZES = ['small', 'medium', 'large'] as const;
export const FLASH_STATUSES = ['available', 'reserved', 'gone'] as const;
export type TFlashSize = (typeof FLASH_SIZES)[number];
export type TFlashStatus = (typeof FLASH_STATUSES)[number];

export const FLASH_SIZE_NAMES: Record<TFlashSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };
export const FLASH_STATUS_NAMES: Record<TFlashStatus, string> = { available: 'Available', reserved: 'Reserved', gone: 'Gone' };
