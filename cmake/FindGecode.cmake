# Finds Gecode 6 (Debian's libgecode-dev ships no CMake config) and defines Gecode::Gecode,
# the libraries a model with minimodel and search needs.
find_path(Gecode_INCLUDE_DIR gecode/kernel.hh)
set(_gecode_parts minimodel int set float search kernel support)
set(Gecode_LIBRARIES "")
foreach(_part IN LISTS _gecode_parts)
  find_library(Gecode_${_part}_LIBRARY NAMES gecode${_part})
  mark_as_advanced(Gecode_${_part}_LIBRARY)
  list(APPEND Gecode_LIBRARIES ${Gecode_${_part}_LIBRARY})
endforeach()
if(Gecode_INCLUDE_DIR AND EXISTS "${Gecode_INCLUDE_DIR}/gecode/support/config.hpp")
  file(STRINGS "${Gecode_INCLUDE_DIR}/gecode/support/config.hpp" _gecode_version_line
       REGEX "^#define GECODE_VERSION \"[0-9.]+\"")
  string(REGEX REPLACE ".*\"([0-9.]+)\".*" "\\1" Gecode_VERSION "${_gecode_version_line}")
endif()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Gecode
  REQUIRED_VARS Gecode_INCLUDE_DIR Gecode_minimodel_LIBRARY Gecode_kernel_LIBRARY Gecode_support_LIBRARY
  VERSION_VAR Gecode_VERSION)
if(Gecode_FOUND AND NOT TARGET Gecode::Gecode)
  add_library(Gecode::Gecode INTERFACE IMPORTED)
  set_target_properties(Gecode::Gecode PROPERTIES
    INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${Gecode_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "${Gecode_LIBRARIES}")
endif()
mark_as_advanced(Gecode_INCLUDE_DIR)
