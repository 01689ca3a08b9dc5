#ifndef DUO_CSDL2_SHIM_H
#define DUO_CSDL2_SHIM_H
// SDL_MAIN_HANDLED: Swift owns main(); SDL must not rename it.
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
// SDL2_image is in this module rather than one of its own: its functions take and
// return this module's SDL_Surface and SDL_Renderer, which a second module
// including SDL.h again would import as separate copies.
#include <SDL2/SDL_image.h>

// Function-like macros do not import into Swift: wrap the ones we use.
static inline int duo_SDL_SaveBMP(SDL_Surface *surface, const char *path) {
    return SDL_SaveBMP(surface, path);
}
static inline Uint32 duo_SDL_BUTTON(int button) { return SDL_BUTTON(button); }
static inline int duo_SDL_WINDOWPOS_CENTERED(void) { return SDL_WINDOWPOS_CENTERED; }
#endif
